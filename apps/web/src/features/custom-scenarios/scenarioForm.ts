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

/** The form's labels, for messages that name a field. */
export const FIELD_LABELS: Record<keyof ScenarioFormValues, string> = {
  title: 'Title',
  description: 'The situation',
  userRole: 'Your role',
  aiRole: 'Their role',
  persona: 'Who they are',
  personaGoals: 'What they want',
  holdsFirmOn: 'What they hold firm on',
  learnerObjectives: 'Your objectives',
  difficulty: 'Difficulty',
  tags: 'Tags',
};

/** The required fields and the shortest each may be (the API's own limits). */
const REQUIRED: ReadonlyArray<[field: keyof ScenarioFormValues, min: number, ask: string]> = [
  ['title', 3, 'Give your scenario a title'],
  ['description', 10, 'Describe the situation'],
  ['userRole', 3, 'Say who you are in this conversation'],
  ['aiRole', 3, 'Say who the other person is'],
];

/**
 * What stops the form from being saved, in words a learner reads (checked before anything is sent):
 * each required field that is empty or too short, by the form's labels.
 */
export function formProblems(
  values: ScenarioFormValues,
): Array<{ field: keyof ScenarioFormValues; message: string }> {
  return REQUIRED.filter(([field, min]) => (values[field] ?? '').trim().length < min).map(
    ([field, min, ask]) => ({
      field,
      message: `${FIELD_LABELS[field]}: ${ask} (at least ${min} characters).`,
    }),
  );
}

const API_FIELDS: Record<string, keyof ScenarioFormValues> = {
  title: 'title',
  description: 'description',
  userRole: 'userRole',
  aiRole: 'aiRole',
};

/**
 * A refusal from the API in the form's words: 'title: title must be at least 3 characters' reads
 * 'Title must be at least 3 characters.' Anything else is shown as it came.
 */
export function readableProblem(message: string): string {
  const match = /^(\w+): (?:description \(the situation\) |\1 )?(.+)$/.exec(message);
  const field = match ? API_FIELDS[match[1]!] : undefined;
  if (!match || !field) return message;
  const rest = match[2]!.replace(/\.$/, '');
  return `${FIELD_LABELS[field]} ${rest}.`;
}
