/** Greeting thresholds, local hours (spec section 9): morning before 12, afternoon before 17. */
export const AFTERNOON_FROM_HOUR = 12;
export const EVENING_FROM_HOUR = 17;

export type Greeting = 'Good morning' | 'Good afternoon' | 'Good evening';

export function greetingFor(hour: number): Greeting {
  if (hour < AFTERNOON_FROM_HOUR) return 'Good morning';
  if (hour < EVENING_FROM_HOUR) return 'Good afternoon';
  return 'Good evening';
}

/** 'Good morning, Ada' — or just the greeting when the name is not known. */
export function greetingLine(now: Date, fullName?: string | null): string {
  const name = fullName?.trim();
  const greeting = greetingFor(now.getHours());
  return name ? `${greeting}, ${name}` : greeting;
}
