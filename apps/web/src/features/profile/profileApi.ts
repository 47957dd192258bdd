import type { OnboardingProfileInput, Profile } from '@parley/contracts';
import { baseApi } from '../../api/baseApi';

/** GET /api/user/profile/{userId} and POST /api/user/profile (spec section 7). */
export const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, string>({
      query: (userId) => `/user/profile/${encodeURIComponent(userId)}`,
      providesTags: ['Profile'],
    }),
    saveProfile: build.mutation<Profile, OnboardingProfileInput>({
      query: (body) => ({ url: '/user/profile', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery, useSaveProfileMutation } = profileApi;
