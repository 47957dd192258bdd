import type { CustomScenario, CustomScenarioBody, ScenarioDraft } from '@parley/contracts';

/** The form's fields as the learner edits them: lists as one line each, tags comma-separated. */
export interface ScenarioFormValues {
  title: string;
  description: string;
  userRole: string;
  aiRole: string;
  persona: string;
  personaGoals: string;
  holdsFirmOn: string;
  learnerObjectives: string;
  difficulty: '' | CustomScenarioBody['difficulty'];
  tags: string;
}

export const EMPTY_FORM: ScenarioFormValues = {
  title: '',
  description: '',
  userRole: '',
  aiRole: '',
  persona: '',
  personaGoals: '',
  holdsFirmOn: '',
  learnerObjectives: '',
  difficulty: '',
  tags: '',
};

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** What the API receives: empty optional fields are left out. */
export function toBody(values: ScenarioFormValues): CustomScenarioBody {
  const optionalList = (text: string) => (lines(text).length ? lines(text) : undefined);
  const tags = values.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    userRole: values.userRole.trim(),
    aiRole: values.aiRole.trim(),
    ...(values.persona.trim() ? { persona: values.persona.trim() } : {}),
    ...(optionalList(values.personaGoals) ? { personaGoals: lines(values.personaGoals) } : {}),
    ...(optionalList(values.holdsFirmOn) ? { holdsFirmOn: lines(values.holdsFirmOn) } : {}),
    ...(optionalList(values.learnerObjectives) ? { learnerObjectives: lines(values.learnerObjectives) } : {}),
    ...(values.difficulty ? { difficulty: values.difficulty } : {}),
    ...(tags.length ? { tags } : {}),
  };
}

/** A stored scenario in the form; `copy` for Duplicate. */
export function fromScenario(scenario: CustomScenario, copy = false): ScenarioFormValues {
  return {
    title: copy ? `${scenario.title} (copy)`.slice(0, 80) : scenario.title,
    description: scenario.description,
    userRole: scenario.userRole,
    aiRole: scenario.aiRole,
    persona: scenario.persona,
    personaGoals: scenario.personaGoals.join('\n'),
    holdsFirmOn: scenario.holdsFirmOn.join('\n'),
    learnerObjectives: scenario.learnerObjectives.join('\n'),
    difficulty: scenario.difficulty,
    tags: scenario.tags.join(', '),
  };
}

/** The draft fills what it drafts; the situation and anything the learner typed in a role stay theirs. */
export function withDraft(values: ScenarioFormValues, draft: ScenarioDraft): ScenarioFormValues {
  return {
    ...values,
    title: values.title.trim() ? values.title : draft.title,
    userRole: values.userRole.trim() ? values.userRole : draft.userRole,
    aiRole: values.aiRole.trim() ? values.aiRole : draft.aiRole,
    persona: draft.persona,
    personaGoals: draft.personaGoals.join('\n'),
    holdsFirmOn: draft.holdsFirmOn.join('\n'),
    learnerObjectives: draft.learnerObjectives.join('\n'),
    difficulty: draft.difficulty,
    tags: draft.tags.join(', '),
  };
}
