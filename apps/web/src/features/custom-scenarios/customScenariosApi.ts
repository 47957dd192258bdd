import type { CustomScenario, CustomScenarioBody, DraftScenarioBody, ScenarioDraft } from '@parley/contracts';
import { baseApi } from '../../api/baseApi';

const LIST = { type: 'Scenario' as const, id: 'MY_SCENARIOS' };

/** A learner's own scenarios (My Scenarios) and "Draft it for me". */
export const customScenariosApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCustomScenarios: build.query<CustomScenario[], void>({
      query: () => '/user/scenarios/custom',
      providesTags: [LIST],
    }),
    getCustomScenario: build.query<CustomScenario, string>({
      query: (id) => `/user/scenarios/custom/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Scenario', id }],
    }),
    createCustomScenario: build.mutation<CustomScenario, CustomScenarioBody>({
      query: (body) => ({ url: '/user/scenarios/custom', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateCustomScenario: build.mutation<CustomScenario, { id: string; body: CustomScenarioBody }>({
      query: ({ id, body }) => ({
        url: `/user/scenarios/custom/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => [LIST, { type: 'Scenario', id }],
    }),
    deleteCustomScenario: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/user/scenarios/custom/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [LIST, { type: 'Scenario', id }],
    }),
    draftCustomScenario: build.mutation<ScenarioDraft, DraftScenarioBody>({
      query: (body) => ({ url: '/user/scenarios/custom/draft', method: 'POST', body }),
    }),
  }),
});

export const {
  useListCustomScenariosQuery,
  useGetCustomScenarioQuery,
  useCreateCustomScenarioMutation,
  useUpdateCustomScenarioMutation,
  useDeleteCustomScenarioMutation,
  useDraftCustomScenarioMutation,
} = customScenariosApi;
