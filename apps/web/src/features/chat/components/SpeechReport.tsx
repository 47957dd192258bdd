import type { SpeechAnalysis } from '@parley/contracts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The speech analysis (spec section 2): filler words, pace, pauses and fluency score. */
export function SpeechReport({ speech }: { speech: SpeechAnalysis }) {
  return (
    <section className="pw-card speech-report" aria-labelledby="speech-report-title">
      <h2 id="speech-report-title">Speech Analysis</h2>
      <dl className="speech-report__stats">
        <div>
          <dt>Fluency score</dt>
          <dd>
            {Math.round(speech.fluencyScore)}
            <span className="pw-muted">/100</span>
          </dd>
        </div>
        <div>
          <dt>Filler words</dt>
          <dd>
            {speech.totalFillers}{' '}
            <span className="speech-report__note">
              ({round1(speech.fillerRatePer100Words)} per 100 words)
            </span>
          </dd>
        </div>
        <div>
          <dt>Pace</dt>
          {speech.wordsPerMinute === null ? (
            <dd data-testid="speech-pace">
              <span aria-hidden="true">—</span>{' '}
              <span className="speech-report__note">Not measured (typed messages)</span>
            </dd>
          ) : (
            <dd data-testid="speech-pace">
              {Math.round(speech.wordsPerMinute)}{' '}
              <span className="speech-report__note">
                {speech.turns?.some((t) => t.spoken)
                  ? 'words per minute (while speaking)'
                  : 'words per minute'}
              </span>
            </dd>
          )}
        </div>
        <div>
          <dt>Long pauses</dt>
          <dd data-testid="speech-long-pauses">{speech.longPauses.length}</dd>
        </div>
      </dl>
      {speech.fillerWords.length ? (
        <ul className="speech-report__fillers" aria-label="Filler words used">
          {speech.fillerWords.map(({ word, count }) => (
            <li key={word}>
              “{word}” × {count}
            </li>
          ))}
        </ul>
      ) : null}
      {speech.fluencyExplanation ? <p className="pw-muted">{speech.fluencyExplanation}</p> : null}
      <SpokenTurns speech={speech} />
    </section>
  );
}

/** Voice mode's turns one by one: pace over the time spoken, long silences inside the turn, fillers. */
function SpokenTurns({ speech }: { speech: SpeechAnalysis }) {
  const turns = speech.turns ?? [];
  if (!turns.some((t) => t.spoken)) return null;
  return (
    <table className="speech-report__turns">
      <caption>Your turns</caption>
      <thead>
        <tr>
          <th scope="col">Turn</th>
          <th scope="col">Words</th>
          <th scope="col">Speaking time</th>
          <th scope="col">Pace</th>
          <th scope="col">Long pauses</th>
          <th scope="col">Fillers</th>
        </tr>
      </thead>
      <tbody>
        {turns.map((turn, i) => (
          <tr key={turn.messageIndex} data-testid="speech-turn">
            <th scope="row">{i + 1}</th>
            <td>{turn.words}</td>
            <td>{turn.speakingSeconds === null ? 'Typed' : `${round1(turn.speakingSeconds)} s`}</td>
            <td>{turn.wordsPerMinute === null ? '—' : `${Math.round(turn.wordsPerMinute)} wpm`}</td>
            <td>
              {turn.longPauses.length === 0
                ? turn.spoken
                  ? 'None'
                  : '—'
                : turn.longPauses.map((s) => `${round1(s)} s`).join(', ')}
            </td>
            <td>{turn.fillers}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
