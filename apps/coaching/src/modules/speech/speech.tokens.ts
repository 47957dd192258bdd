/** Injection tokens of the speech module (apart, so the module and its controller do not import each other). */
export const SPEECH_CLIENT = Symbol('SPEECH_CLIENT');
export const VOICE_MAP = Symbol('VOICE_MAP');
export const SPEECH_CHARS_PER_MINUTE = Symbol('SPEECH_CHARS_PER_MINUTE');
