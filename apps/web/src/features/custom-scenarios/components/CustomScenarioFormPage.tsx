import type { CustomScenario, Scenario } from '@parley/contracts';
import { Button, buttonClassName, ErrorText, LoadingView } from '@parley/web-ui';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../../api/baseApi';
import {
  useCreateCustomScenarioMutation,
  useDraftCustomScenarioMutation,
  useGetCustomScenarioQuery,
  useUpdateCustomScenarioMutation,
} from '../customScenariosApi';
import {
  EMPTY_FORM,
  formProblems,
  fromScenario,
  readableProblem,
  toBody,
  withDraft,
  type ScenarioFormValues,
} from '../scenarioForm';
import './CustomScenarios.css';

export const FORM_TEXTS = {
  createTitle: 'Create Your Scenario',
  editTitle: 'Edit Scenario',
  lead: 'Describe the conversation that is really coming. Your AI partner plays the other person.',
  draft: 'Draft it for me',
  drafting: 'Drafting...',
  draftHint: 'Fills the optional fields from your situation. You can edit everything before you save.',
  draftNeedsSituation: 'Describe the situation first (at least 10 characters).',
  save: 'Save Scenario',
  saving: 'Saving...',
  cancel: 'Cancel',
  loading: 'Loading scenario...',
  notFound: 'Scenario Not Found',
  optional: 'Optional',
  fixFirst: 'To save, fill in:',
} as const;

type Field = keyof ScenarioFormValues;

const DIFFICULTIES: ReadonlyArray<Scenario['difficulty']> = ['Beginner', 'Intermediate', 'Advanced'];

function TextField(props: {
  field: Field;
  label: string;
  hint?: string;
  values: ScenarioFormValues;
  onChange: (field: Field, value: string) => void;
  multiline?: boolean;
  required?: boolean;
  maxLength: number;
  invalid?: ReadonlySet<Field>;
}) {
  const id = useId();
  const { field, label, hint, values, onChange, multiline, required, maxLength, invalid } = props;
  const hintId = hint ? `${id}-hint` : undefined;
  const common = {
    id,
    className: 'pw-input',
    value: values[field] ?? '',
    required,
    maxLength,
    'aria-describedby': hintId,
    'aria-invalid': invalid?.has(field) || undefined,
    'data-field': field,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  };
  return (
    <div className="pw-field custom-form__field">
      <label htmlFor={id}>
        {label}
        {required ? null : <span className="custom-form__optional"> ({FORM_TEXTS.optional})</span>}
      </label>
      {multiline ? (
        <textarea rows={field === 'description' ? 5 : 3} {...common} />
      ) : (
        <input type="text" {...common} />
      )}
      {hint ? (
        <p id={hintId} className="pw-muted custom-form__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function FormShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="pw-page custom-form" aria-labelledby="custom-form-title">
      <Link to="/library" className={buttonClassName('secondary', 'custom-form__back')}>
        <span aria-hidden="true">←</span>Back to Library
      </Link>
      <h1 id="custom-form-title" className="pw-page__title">
        {title}
      </h1>
      {children}
    </main>
  );
}

/** /scenarios/new (?from={id} duplicates) and /scenarios/{id}/edit: a learner's own scenario. */
export function CustomScenarioFormPage() {
  const { id } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const from = params.get('from');
  const source = id ?? from ?? undefined;
  const query = useGetCustomScenarioQuery(source ?? '', { skip: !source });
  if (source && query.isLoading) return <LoadingView label={FORM_TEXTS.loading} />;
  if (source && (query.isError || !query.data)) {
    return (
      <FormShell title={FORM_TEXTS.notFound}>
        <ErrorText>{apiErrorMessage(query.error)}</ErrorText>
      </FormShell>
    );
  }
  return (
    <ScenarioForm
      key={source ?? 'new'}
      editing={id ? query.data : undefined}
      copyOf={from ? query.data : undefined}
    />
  );
}

function ScenarioForm({ editing, copyOf }: { editing?: CustomScenario; copyOf?: CustomScenario }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ScenarioFormValues>(() =>
    editing ? fromScenario(editing) : copyOf ? fromScenario(copyOf, true) : EMPTY_FORM,
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [missing, setMissing] = useState<ReturnType<typeof formProblems>>([]);
  const invalid = new Set(missing.map((m) => m.field));
  const [draftNote, setDraftNote] = useState<string | null>(null);
  const [draft, drafting] = useDraftCustomScenarioMutation();
  const [create, creating] = useCreateCustomScenarioMutation();
  const [update, updating] = useUpdateCustomScenarioMutation();
  const saving = creating.isLoading || updating.isLoading;
  const difficultyId = useId();

  const onChange = (field: Field, value: string) => {
    setProblem(null);
    setMissing((list) => list.filter((m) => m.field !== field));
    setValues((v) => ({ ...v, [field]: value }));
  };

  const onDraft = async () => {
    if (values.description.trim().length < 10) {
      setProblem(FORM_TEXTS.draftNeedsSituation);
      return;
    }
    try {
      const result = await draft({
        description: values.description.trim(),
        ...(values.title.trim() ? { title: values.title.trim() } : {}),
        ...(values.userRole.trim() ? { userRole: values.userRole.trim() } : {}),
        ...(values.aiRole.trim() ? { aiRole: values.aiRole.trim() } : {}),
      }).unwrap();
      setValues((v) => withDraft(v, result));
      setDraftNote(
        result.source === 'model'
          ? 'Drafted by the AI from your situation. Edit anything before you save.'
          : `Drafted from similar scenarios: ${result.basedOn.map((s) => s.title).join(', ')}. Edit anything before you save.`,
      );
    } catch (error) {
      setProblem(apiErrorMessage(error));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = formProblems(values);
    setMissing(problems);
    if (problems.length > 0) {
      setProblem(null);
      const form = event.currentTarget as HTMLFormElement;
      form.querySelector<HTMLElement>(`[data-field="${problems[0]!.field}"]`)?.focus();
      return;
    }
    try {
      const body = toBody(values);
      const saved = editing ? await update({ id: editing.id, body }).unwrap() : await create(body).unwrap();
      void navigate(`/scenario/${encodeURIComponent(saved.id)}`);
    } catch (error) {
      setProblem(readableProblem(apiErrorMessage(error)));
    }
  };

  return (
    <FormShell title={editing ? FORM_TEXTS.editTitle : FORM_TEXTS.createTitle}>
      <p className="pw-page__lead">{FORM_TEXTS.lead}</p>
      <form className="pw-card custom-form__card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          field="title"
          label="Title"
          values={values}
          onChange={onChange}
          invalid={invalid}
          required
          maxLength={80}
        />
        <TextField
          field="description"
          label="The situation"
          hint="What is happening, who is involved, what is at stake."
          values={values}
          onChange={onChange}
          multiline
          invalid={invalid}
          required
          maxLength={1500}
        />
        <div className="custom-form__pair">
          <TextField
            field="userRole"
            label="Your role"
            values={values}
            onChange={onChange}
            invalid={invalid}
            required
            maxLength={80}
          />
          <TextField
            field="aiRole"
            label="Their role"
            values={values}
            onChange={onChange}
            invalid={invalid}
            required
            maxLength={80}
          />
        </div>

        <div className="custom-form__draft">
          <Button variant="secondary" onClick={() => void onDraft()} disabled={drafting.isLoading}>
            <span aria-hidden="true">✨ </span>
            {drafting.isLoading ? FORM_TEXTS.drafting : FORM_TEXTS.draft}
          </Button>
          <p className="pw-muted custom-form__hint">{FORM_TEXTS.draftHint}</p>
          {draftNote ? (
            <p className="custom-form__draft-note" role="status">
              {draftNote}
            </p>
          ) : null}
        </div>

        <TextField
          field="persona"
          label="Who they are"
          values={values}
          onChange={onChange}
          multiline
          maxLength={400}
        />
        <TextField
          field="personaGoals"
          label="What they want"
          hint="One per line."
          values={values}
          onChange={onChange}
          multiline
          maxLength={1300}
        />
        <TextField
          field="holdsFirmOn"
          label="What they hold firm on"
          hint="One per line, with limits such as a budget or a date."
          values={values}
          onChange={onChange}
          multiline
          maxLength={1100}
        />
        <TextField
          field="learnerObjectives"
          label="Your objectives"
          hint="One per line. Your feedback checks each of them."
          values={values}
          onChange={onChange}
          multiline
          maxLength={1300}
        />
        <div className="custom-form__pair">
          <div className="pw-field custom-form__field">
            <label htmlFor={difficultyId}>
              Difficulty<span className="custom-form__optional"> ({FORM_TEXTS.optional})</span>
            </label>
            <select
              id={difficultyId}
              className="pw-input"
              value={values.difficulty}
              onChange={(event) => onChange('difficulty', event.target.value)}
            >
              <option value="">Choose for me</option>
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </div>
          <TextField
            field="tags"
            label="Tags"
            hint="Separated by commas."
            values={values}
            onChange={onChange}
            maxLength={200}
          />
        </div>

        {missing.length > 0 ? (
          <div className="pw-error custom-form__missing" role="alert">
            <p>{FORM_TEXTS.fixFirst}</p>
            <ul>
              {missing.map((m) => (
                <li key={m.field}>{m.message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <ErrorText>{problem}</ErrorText>
        <div className="custom-form__actions">
          <Button type="submit" disabled={saving}>
            {saving ? FORM_TEXTS.saving : FORM_TEXTS.save}
          </Button>
          <Link to="/library" className={buttonClassName('secondary')}>
            {FORM_TEXTS.cancel}
          </Link>
        </div>
      </form>
    </FormShell>
  );
}
