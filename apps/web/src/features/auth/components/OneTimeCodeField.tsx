/** The field for a code from the authenticator app (or, at log-in, a recovery code). */
export function OneTimeCodeField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  acceptsRecoveryCode?: boolean;
}) {
  return (
    <label className="pw-field">
      {props.label}
      <input
        className="pw-input"
        type="text"
        name="code"
        autoComplete="one-time-code"
        inputMode={props.acceptsRecoveryCode ? 'text' : 'numeric'}
        autoCapitalize="off"
        spellCheck={false}
        maxLength={props.acceptsRecoveryCode ? 20 : 6}
        required
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}
