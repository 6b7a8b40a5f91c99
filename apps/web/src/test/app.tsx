import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { FreshAfterChangeQueryClient } from "../lib/query-client";
import { mount } from "./dom";

/**
 * Component tests that talk to a stubbed API: the app's providers around one element, and a fetch
 * that answers from a function and records every call (undo with vi.restoreAllMocks()).
 */

export interface ApiCall {
  method: string;
  path: string;
  /** The JSON body sent, parsed. */
  body?: unknown;
}

export type ApiAnswer = { status: number; body?: unknown };

/** Replaces fetch: `answer` sees each call (and every call so far); answers the list of calls, growing as they come. */
export function serveApi(answer: (call: ApiCall, calls: ApiCall[]) => ApiAnswer): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const call: ApiCall = { method: init?.method ?? "GET", path: String(input), body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const { status, body } = answer(call, calls);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

/** The success envelope. */
export const success = (data: unknown, status = 200): ApiAnswer => ({ status, body: { status: "success", data } });

/** An error envelope with one code. */
export const refusal = (status: number, code: string, msg = code, type = "error"): ApiAnswer => ({ status, body: { detail: [{ loc: [code], msg, type }] } });

/**
 * Mounts `element` as the app would show it: Mantine (with the toast container), a fresh query
 * client that does not retry (unless a query sets its own), and a memory router at `url` whose route
 * `routePath` renders the element.
 */
function mountApp(element: ReactNode, { url, routePath, prepare }: { url: string; routePath: string; prepare?: (queryClient: QueryClient) => void }) {
  const queryClient = new FreshAfterChangeQueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  prepare?.(queryClient);
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [url] });
  mount(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { router, queryClient };
}

/** Mounts `element` at `path` (any route matches); `prepare` may seed the query client first. */
export function mountWithApp(element: ReactNode, { path = "/", prepare }: { path?: string; prepare?: (queryClient: QueryClient) => void } = {}) {
  return mountApp(element, { url: path, routePath: "*", prepare });
}

/** Mounts `element` at `url` as the route `path` (for pages reading route parameters); answers the query client. */
export function mountInApp(element: ReactNode, { url = "/", path = "*" }: { url?: string; path?: string } = {}): QueryClient {
  return mountApp(element, { url, routePath: path }).queryClient;
}

/** Elements by test id, and the page's text, as the component tests read them. */
export const byTestId = (id: string, scope: ParentNode = document) => scope.querySelector<HTMLElement>(`[data-testid="${id}"]`);
export const allByTestId = (id: string) => [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
export const pageText = () => document.body.textContent ?? "";
