import type { SharedReport } from '@parley/contracts';
import { errorMessage, INVALID_JSON } from '../../lib/http';

/** What reading a share link gives: the report, or that the link is gone (unknown, revoked or expired). */
export type SharedReportResult = { kind: 'ok'; report: SharedReport } | { kind: 'gone' };

export const sharedReportUrl = (token: string) => `/api/export/shared/${encodeURIComponent(token)}`;
export const sharedPdfUrl = (token: string) => `${sharedReportUrl(token)}/pdf`;

/**
 * GET /api/export/shared/{token}, without a token: the visitor need not have an account, and baseApi
 * refuses to call without one. Throws with the spec's error text on any other failure.
 */
export async function fetchSharedReport(token: string, signal?: AbortSignal): Promise<SharedReportResult> {
  const response = await fetch(sharedReportUrl(token), { headers: { Accept: 'application/json' }, signal });
  if (response.status === 404) return { kind: 'gone' };
  if (!response.ok) throw new Error(await errorMessage(response));
  let report: SharedReport;
  try {
    report = (await response.json()) as SharedReport;
  } catch {
    throw new Error(INVALID_JSON);
  }
  return { kind: 'ok', report };
}
