import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";

export function json<T = unknown>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export async function call(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

export function errorLoc(response: LightMyRequestResponse): (string | number)[][] {
  return json<{ detail: { loc: (string | number)[] }[] }>(response).detail.map((item) => item.loc);
}

export function firstError(response: LightMyRequestResponse) {
  const detail = json<{ detail: { loc: (string | number)[]; msg: string; type: string }[] }>(response).detail;
  return detail[0]!;
}
