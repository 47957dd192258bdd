import type { SettingsPatch, UserSettings } from '@parley/contracts';
import { baseApi } from '../../api/baseApi';

/** The browser's IANA zone, used only when the settings record is created on first visit. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** GET and PATCH /api/user/settings (spec section 7, table user_settings). */
export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<UserSettings, void>({
      query: () => {
        const zone = browserTimeZone();
        return zone ? `/user/settings?timezone=${encodeURIComponent(zone)}` : '/user/settings';
      },
      providesTags: ['Settings'],
    }),
    updateSettings: build.mutation<UserSettings, SettingsPatch>({
      query: (patch) => ({ url: '/user/settings', method: 'PATCH', body: patch }),
      // A new display name is the account's name too: the profile (the dashboard's greeting) reads it again.
      invalidatesTags: (_result, _error, patch) => (patch.display_name !== undefined ? ['Profile'] : []),
      // Optimistic: the change shows at once, the answer replaces the record, a failure undoes it.
      async onQueryStarted(patch, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          settingsApi.util.updateQueryData('getSettings', undefined, (draft) => {
            Object.assign(draft, patch);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(settingsApi.util.upsertQueryData('getSettings', undefined, data));
        } catch {
          optimistic.undo();
        }
      },
    }),
  }),
});

export const { useGetSettingsQuery, useUpdateSettingsMutation } = settingsApi;
