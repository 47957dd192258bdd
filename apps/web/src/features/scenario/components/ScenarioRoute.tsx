import { useLocation } from 'react-router';
import { ChatSessionPage } from '../../chat/components/ChatSessionPage';
import { isChatResumeState } from '../../chat/chatNavigation';
import { ScenarioDetailPage } from './ScenarioDetailPage';

/**
 * /scenario/:id shows the scenario detail, except when navigation state carries a session to resume
 * (Continue Practice): then it is the chat screen, as the spec's second reading asks.
 */
export function ScenarioRoute() {
  const { state } = useLocation();
  return isChatResumeState(state) ? <ChatSessionPage /> : <ScenarioDetailPage />;
}
