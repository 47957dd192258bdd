import { useCallback, useEffect, useState } from 'react';

/** Markdown marks read aloud as noise: `**bold**` should sound like "bold". */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The browser's speech synthesis, where it has one. */
export const synthesis = (): SpeechSynthesis | null =>
  typeof window !== 'undefined' &&
  'speechSynthesis' in window &&
  typeof SpeechSynthesisUtterance !== 'undefined'
    ? window.speechSynthesis
    : null;

/** Read-aloud of AI messages with the browser's speech synthesis; one message at a time, toggled. */
export function useReadAloud() {
  const [supported] = useState(() => synthesis() !== null);
  const [speakingId, setSpeakingId] = useState<string | null>(null);

  useEffect(() => () => synthesis()?.cancel(), []);

  const toggle = useCallback(
    (id: string, text: string) => {
      const synth = synthesis();
      if (!synth) return;
      synth.cancel();
      if (speakingId === id) {
        setSpeakingId(null);
        return;
      }
      const utterance = new SpeechSynthesisUtterance(plainText(text));
      const done = () => setSpeakingId((current) => (current === id ? null : current));
      utterance.onend = done;
      utterance.onerror = done;
      synth.speak(utterance);
      setSpeakingId(id);
    },
    [speakingId],
  );

  const stop = useCallback(() => {
    synthesis()?.cancel();
    setSpeakingId(null);
  }, []);

  return { supported, speakingId, toggle, stop };
}
