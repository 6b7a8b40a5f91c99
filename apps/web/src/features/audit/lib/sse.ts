export interface ServerSentMessage {
  id: string | undefined;
  data: string;
}

/**
 * A Server-Sent Events parser for a text stream read with fetch (the stream needs the bearer
 * header, which EventSource cannot send). Feed it chunks as they come; it calls `onMessage` for
 * each message with data. Follows the WHATWG rules the server uses: lines end with LF, CR or CRLF,
 * `:` starts a comment, `data` lines are joined with LF, `id` is kept for `Last-Event-ID`.
 * (eventsource-parser was tried: its package resolves to TypeScript source under this repo's
 * `source` export condition, which our compiler settings refuse.)
 */
export function createSseParser(onMessage: (message: ServerSentMessage) => void) {
  let pending = "";
  let data: string[] = [];
  let id: string | undefined;
  const line = (text: string) => {
    if (text === "") {
      if (data.length) onMessage({ id, data: data.join("\n") });
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? "" : text.slice(colon + 1).replace(/^ /, "");
    if (field === "data") data.push(value);
    else if (field === "id" && !value.includes("\0")) id = value;
  };
  return {
    feed(chunk: string) {
      pending += chunk;
      // A chunk may end inside a line, or between the CR and LF of one line end: keep those for the next.
      const heldCr = pending.endsWith("\r") ? "\r" : "";
      const lines = (heldCr ? pending.slice(0, -1) : pending).split(/\r\n|\r|\n/);
      pending = (lines.pop() ?? "") + heldCr;
      for (const text of lines) line(text);
    },
  };
}
