/** Error texts of spec section 8 for calls to the gateway. */
export const NOT_AUTHENTICATED = 'User is not authenticated';

export const requestFailed = (status: number) => `Request failed with status ${status}`;
export const httpError = (status: number) => `HTTP error! status: ${status}`;
export const INVALID_JSON = 'Invalid JSON response from server';

/**
 * A failed call: the message to show, with the status, GoTrue's machine-readable `error_code` and the
 * Retry-After seconds when the server gave them (for screens that say more than the message).
 */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** Retry-After in whole seconds (the delay form; an HTTP date is not used by the gateway). */
function retryAfterOf(response: Response): number | undefined {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** The failure of a response, read once: see `errorMessage` for the message. */
export async function requestError(response: Response): Promise<RequestError> {
  const retryAfter = retryAfterOf(response);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new RequestError(httpError(response.status), response.status, undefined, retryAfter);
  }
  let message = requestFailed(response.status);
  let code: string | undefined;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const found = ['error', 'msg', 'error_description', 'message']
      .map((key) => record[key])
      .find((value): value is string => typeof value === 'string' && value.length > 0);
    if (found !== undefined) message = found;
    if (typeof record['error_code'] === 'string') code = record['error_code'];
  }
  return new RequestError(message, response.status, code, retryAfter);
}

/** The message of a failed response: its JSON `error` (or GoTrue's `msg`/`error_description`), else the status text. */
export async function errorMessage(response: Response): Promise<string> {
  return (await requestError(response)).message;
}

export interface JsonRequest {
  method?: string;
  body?: unknown;
  token?: string | null;
}

/** A JSON call; throws a RequestError with the spec's message on failure. 204 answers resolve to undefined. */
export async function requestJson<T>(
  url: string,
  { method = 'GET', body, token }: JsonRequest = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await requestError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text.length === 0) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(INVALID_JSON);
  }
}
