import { baseUrl, server } from './browser.ts';

/** Back-office API calls for arranging a browser test's state through the real server. */
export async function adminLogin(username = 'owner', password = 'owner-demo-1'): Promise<string> {
  const response = await fetch(`${baseUrl()}/admin-api/session`, {
    method: 'POST',
    // Owner and finance sign in from the browser the setup remembered (an authenticator code works only once).
    headers: { 'content-type': 'application/json', cookie: `tala_admin_device=${server().adminDevices}` },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { value: { token: string } };
  return `Bearer ${body.value.token}`;
}

export async function adminCall<T>(auth: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await response.json()) as { success: boolean; value: T };
  if (!json.success) throw new Error(`${method} ${path} failed: ${JSON.stringify(json)}`);
  return json.value;
}
