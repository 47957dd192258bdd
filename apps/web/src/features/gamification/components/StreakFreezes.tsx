import { Button, Dialog } from '@parley/web-ui';
import { useState } from 'react';
import { apiErrorMessage } from '../../../api/baseApi';
import { useBuyStreakFreezeMutation, useStreakStatusQuery } from '../gamificationApi';
import type { PanelToast } from './GamificationPanel';

export const FREEZE_TEXTS = {
  held: (held: number, max: number) => `Streak freezes: ${held} / ${max}`,
  hint: 'A freeze keeps your streak when you miss a day. You earn one every 7 days in a row.',
  used: (day: string) => `Freeze used on ${day}`,
  buy: (price: number) => `Buy a Freeze (${price} XP)`,
  full: 'You hold the most freezes you can.',
  short: (price: number, spendable: number) =>
    `A freeze costs ${price} XP; you have ${spendable} XP to spend.`,
  spendable: (spendable: number) => `Spendable XP: ${spendable}`,
  spendableHint:
    'Spendable XP is the XP you have earned less what you have spent on freezes. Spending it never lowers your total XP (the XP card) or your level.',
  confirmTitle: 'Buy a streak freeze?',
  confirmBody: (price: number, spendable: number) =>
    `This spends ${price} of your ${spendable} spendable XP, leaving ${spendable - price}. Your total XP and level stay as they are.`,
  confirm: (price: number) => `Spend ${price} XP`,
  cancel: 'Cancel',
  bought: 'Streak freeze bought!',
  buyFailed: 'Failed to buy a streak freeze.',
} as const;

/** A calendar day (YYYY-MM-DD) as the panel says it: 'Monday, November 23'. */
export function freezeDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });
}

/** Under the streak: the freezes held, the day one was last used, and buying one with XP. */
export function StreakFreezes({ notify }: { notify: (toast: PanelToast) => void }) {
  // A failed read simply leaves the freezes out; the streak above still shows.
  const { data } = useStreakStatusQuery();
  const [buy, { isLoading: buying }] = useBuyStreakFreezeMutation();
  const [confirming, setConfirming] = useState(false);
  if (!data) return null;
  const full = data.freezesHeld >= data.maxFreezes;
  const short = data.spendableXp < data.freezePrice;
  const lastUsed = data.frozenDays[0];

  const onBuy = async () => {
    setConfirming(false);
    try {
      await buy().unwrap();
      notify({ tone: 'success', title: FREEZE_TEXTS.bought });
    } catch (failure) {
      notify({ tone: 'error', title: FREEZE_TEXTS.buyFailed, detail: apiErrorMessage(failure) });
    }
  };

  return (
    <div className="gamification__freezes" data-testid="streak-freezes">
      <p className="gamification__freeze-count">
        <span aria-hidden="true">🧊</span> {FREEZE_TEXTS.held(data.freezesHeld, data.maxFreezes)}
      </p>
      {lastUsed ? (
        <p className="gamification__meta gamification__freeze-used" data-testid="freeze-used">
          {FREEZE_TEXTS.used(freezeDay(lastUsed))}
        </p>
      ) : null}
      <p className="pw-muted gamification__meta">{FREEZE_TEXTS.hint}</p>
      <p className="gamification__meta" data-testid="spendable-xp">
        {FREEZE_TEXTS.spendable(data.spendableXp)}
      </p>
      <p className="pw-muted gamification__meta">{FREEZE_TEXTS.spendableHint}</p>
      <Button
        variant="secondary"
        disabled={full || short || buying}
        aria-busy={buying || undefined}
        onClick={() => setConfirming(true)}
      >
        {FREEZE_TEXTS.buy(data.freezePrice)}
      </Button>
      {full || short ? (
        <p className="pw-muted gamification__meta">
          {full ? FREEZE_TEXTS.full : FREEZE_TEXTS.short(data.freezePrice, data.spendableXp)}
        </p>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={FREEZE_TEXTS.confirmTitle}
        closeLabel={FREEZE_TEXTS.cancel}
      >
        <p>{FREEZE_TEXTS.confirmBody(data.freezePrice, data.spendableXp)}</p>
        <div className="gamification__confirm-actions">
          <Button onClick={() => void onBuy()}>{FREEZE_TEXTS.confirm(data.freezePrice)}</Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {FREEZE_TEXTS.cancel}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
