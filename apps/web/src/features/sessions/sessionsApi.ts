import type { CreatedShareLink, ShareLink, StoredFeedback } from '@parley/contracts';
import { baseApi } from '../../api/baseApi';

/**
 * The calls only the session screens make: a session's stored feedback (conversation replay) and the
 * owner's share links for a session's report. The session list, one session and delete live in
 * practiceApi, which other screens read too.
 */
export const sessionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/user/feedback/{sessionId}: 404 'Feedback not found' until the session is completed. */
    sessionFeedback: build.query<StoredFeedback, string>({
      query: (sessionId) => `/user/feedback/${encodeURIComponent(sessionId)}`,
      providesTags: (_result, _error, sessionId) => [{ type: 'Feedback', id: sessionId }, 'Feedback'],
    }),

    /** The caller's live share links, all sessions: ids and dates (the server keeps no token to show). */
    listShareLinks: build.query<ShareLink[], void>({
      query: () => '/export/shares',
      providesTags: ['ShareLink'],
    }),
    /** The new link with its address: the only answer that carries it. */
    createShareLink: build.mutation<CreatedShareLink, { session_id: string }>({
      query: (body) => ({ url: '/export/shares', method: 'POST', body }),
      invalidatesTags: ['ShareLink'],
    }),
    /** Revoking (by the link's id) answers 204; the link then reads as gone for everyone. */
    revokeShareLink: build.mutation<void, string>({
      query: (id) => ({ url: `/export/shares/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['ShareLink'],
    }),
  }),
});

export const {
  useSessionFeedbackQuery,
  useListShareLinksQuery,
  useCreateShareLinkMutation,
  useRevokeShareLinkMutation,
} = sessionsApi;
