import type { AiPartner, FeedbackSources } from '@parley/contracts';
import { wholeFromOfflineCoach } from '../../sessions/components/OfflineSourcesNote';

/** Not in the spec's catalogue: who plays the partner and who wrote the report. */
export const PARTNER_TEXTS = {
  builtin:
    "Partner: Parley's offline partner — private, instant, on the scenario. A model makes the conversation more natural (README: “Start with a model”).",
  model: (model: string) => `Partner: the AI model ${model}.`,
  reportBuiltin: "Scored by Parley's offline coach.",
  reportModel: (model: string | null) =>
    model ? `Scored by the AI model ${model}.` : 'Scored by an AI model.',
} as const;

/** What GET /api/chat/partner answered, checked by hand (the contracts' zod schemas stay out of the bundle). */
export function toPartner(value: unknown): AiPartner | null {
  if (!value || typeof value !== 'object') return null;
  const { kind, model } = value as Record<string, unknown>;
  if (kind === 'builtin') return { kind };
  if (kind === 'model' && typeof model === 'string' && model.trim()) return { kind, model: model.trim() };
  return null;
}

export function partnerText(partner: AiPartner): string {
  return partner.kind === 'model' ? PARTNER_TEXTS.model(partner.model) : PARTNER_TEXTS.builtin;
}

/**
 * Who wrote a report the chat just got: the model path records `sources` on every feedback it gives, so a
 * report without them is the offline coach's. Null when the offline coach filled all of it (the offline
 * sources note says so).
 */
export function reportAuthorText(
  sources: FeedbackSources | undefined,
  partner: AiPartner | null,
): string | null {
  if (!sources) return PARTNER_TEXTS.reportBuiltin;
  if (wholeFromOfflineCoach(sources)) return null;
  return PARTNER_TEXTS.reportModel(partner?.kind === 'model' ? partner.model : null);
}

/** One line under the chat's header: the offline partner, or the model by name. */
export function PartnerLine({ partner }: { partner: AiPartner | null }) {
  return partner ? (
    <p className="chat-page__partner" data-partner={partner.kind}>
      {partnerText(partner)}
    </p>
  ) : null;
}
