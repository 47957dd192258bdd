/** The automatic checks of the coaching evaluation: plain detectors (text), reply checks, feedback checks. */
export * from './text';
export * from './reply-checks';
export * from './feedback-checks';
