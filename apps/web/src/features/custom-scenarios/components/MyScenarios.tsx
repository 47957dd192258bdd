import type { CustomScenario } from '@parley/contracts';
import { FREE_CUSTOM_SCENARIOS } from '@parley/contracts/constants';
import { Button, buttonClassName, ErrorText, LoadingView } from '@parley/web-ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessage } from '../../../api/baseApi';
import { DifficultyBadge } from '../../scenario/components/DifficultyBadge';
import { useDeleteCustomScenarioMutation, useListCustomScenariosQuery } from '../customScenariosApi';
import './CustomScenarios.css';

export const MY_SCENARIOS_TEXTS = {
  title: 'My Scenarios',
  create: 'Create Scenario',
  loading: 'Loading your scenarios...',
  loadFailed: 'Failed to load your scenarios.',
  emptyTitle: 'No scenarios of your own yet',
  emptyText: 'Rehearse the conversation that is really coming: your raise, your report, your hard talk.',
  confirmDelete: 'Are you sure you want to delete this scenario?',
  upgrade: 'Upgrade for unlimited scenarios',
} as const;

export const keptText = (count: number, premium: boolean) =>
  premium ? `${count} kept` : `${count} of ${FREE_CUSTOM_SCENARIOS} on the free plan`;

function MyScenarioCard({
  scenario,
  onDelete,
  deleting,
}: {
  scenario: CustomScenario;
  onDelete: () => void;
  deleting: boolean;
}) {
  const titleId = useId();
  const encoded = encodeURIComponent(scenario.id);
  return (
    <article className="library-card my-scenario" aria-labelledby={titleId}>
      <div className="library-card__top">
        <div className="library-card__badges">
          <DifficultyBadge difficulty={scenario.difficulty} />
          <span className="my-scenario__label">Private</span>
        </div>
      </div>
      <div className="library-card__body">
        <h3 id={titleId} className="library-card__title">
          {scenario.title}
        </h3>
        <p className="library-card__description">{scenario.description}</p>
        <p className="library-card__meta">
          <span className="library-card__roles">
            You: {scenario.userRole} | AI: {scenario.aiRole}
          </span>
        </p>
      </div>
      <div className="my-scenario__actions">
        <Link to={`/scenario/${encoded}`} className={buttonClassName('primary')} aria-describedby={titleId}>
          Practice Now
        </Link>
        <Link
          to={`/scenarios/${encoded}/edit`}
          className={buttonClassName('secondary')}
          aria-describedby={titleId}
        >
          Edit
        </Link>
        <Link
          to={`/scenarios/new?from=${encoded}`}
          className={buttonClassName('secondary')}
          aria-describedby={titleId}
        >
          Duplicate
        </Link>
        <Button variant="secondary" onClick={onDelete} disabled={deleting} aria-describedby={titleId}>
          {deleting ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </article>
  );
}

/** The library's "My Scenarios": the learner's own, with create, edit, duplicate and delete. */
export function MyScenarios({ premium }: { premium: boolean }) {
  const { data, isLoading, isError, isFetching, refetch } = useListCustomScenariosQuery();
  const [remove, removal] = useDeleteCustomScenarioMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const atLimit = !premium && (data?.length ?? 0) >= FREE_CUSTOM_SCENARIOS;

  const onDelete = async (scenario: CustomScenario) => {
    if (!window.confirm(MY_SCENARIOS_TEXTS.confirmDelete)) return;
    setProblem(null);
    try {
      await remove(scenario.id).unwrap();
    } catch (error) {
      setProblem(apiErrorMessage(error));
    }
  };

  let content;
  if (isLoading) content = <LoadingView label={MY_SCENARIOS_TEXTS.loading} />;
  else if (isError || !data)
    content = (
      <div className="pw-card library__problem" role="alert">
        <p className="pw-error">{MY_SCENARIOS_TEXTS.loadFailed}</p>
        <Button variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          Try Again
        </Button>
      </div>
    );
  else if (data.length === 0)
    content = (
      <div className="pw-card my-scenarios__empty">
        <h3>{MY_SCENARIOS_TEXTS.emptyTitle}</h3>
        <p className="pw-muted">{MY_SCENARIOS_TEXTS.emptyText}</p>
      </div>
    );
  else
    content = (
      <ul className="library__cards library__cards--grid" aria-labelledby={headingId}>
        {data.map((scenario) => (
          <li key={scenario.id}>
            <MyScenarioCard
              scenario={scenario}
              deleting={removal.isLoading && removal.originalArgs === scenario.id}
              onDelete={() => void onDelete(scenario)}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <section className="my-scenarios" aria-labelledby={headingId}>
      <div className="my-scenarios__header">
        <h2 id={headingId} className="my-scenarios__title">
          {MY_SCENARIOS_TEXTS.title}
        </h2>
        {data ? <span className="pw-muted my-scenarios__count">{keptText(data.length, premium)}</span> : null}
        {atLimit ? (
          <Link to="/upgrade" className={buttonClassName('secondary', 'my-scenarios__create')}>
            {MY_SCENARIOS_TEXTS.upgrade}
          </Link>
        ) : (
          <Link to="/scenarios/new" className={buttonClassName('primary', 'my-scenarios__create')}>
            <span aria-hidden="true">＋ </span>
            {MY_SCENARIOS_TEXTS.create}
          </Link>
        )}
      </div>
      <ErrorText>{problem}</ErrorText>
      {content}
    </section>
  );
}
