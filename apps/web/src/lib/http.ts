/** Error texts of spec section 8 for calls to the gateway. */
export const NOT_AUTHENTICATED = 'User is not authenticated';

export const requestFailed = (status: number) => `Request failed with status ${status}`;
export const httpError = (status: number) => `HTTP error! status: ${status}`;
export const INVALID_JSON = 'Invalid JSON response from server';

/** The message of a failed response: its JSON `error` (or GoTrue's `msg`/`error_description`), else the status text. */
export async function errorMessage(response: Response): Promise<string> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return httpError(response.status);
  }
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['error', 'msg', 'error_description', 'message']) {
      const value = record[key];
      if (typeof value === 'string' && value.length > 0) return value;
    }
  }
  return requestFailed(response.status);
}

export interface JsonRequest {
  method?: string;
  body?: unknown;
  token?: string | null;
}

/** A JSON call; throws an Error with the spec's message on failure. 204 answers resolve to undefined. */
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
  if (!response.ok) throw new Error(await errorMessage(response));
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text.length === 0) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(INVALID_JSON);
  }
}
