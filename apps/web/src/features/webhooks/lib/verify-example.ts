/**
 * A receiver in Node.js that verifies a delivery with the Standard Webhooks reference library, for
 * the endpoint at `url` (its port and path, so it can be pasted as it is). Code, so it stays English.
 */
export function verifyExample(url: string): string {
  let port = "3000";
  let path = "/";
  try {
    const parsed = new URL(url);
    port = parsed.port || port;
    path = parsed.pathname || path;
  } catch {
    // An address the browser cannot parse: the example keeps its defaults.
  }
  return `import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";

// The endpoint's signing secret (whsec_…), kept out of the code.
const webhook = new Webhook(process.env.WEBHOOK_SECRET);

// Receives ${url}
createServer((request, response) => {
  if (request.method !== "POST" || request.url !== ${JSON.stringify(path)}) return response.writeHead(404).end();
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    // Verify the raw body exactly as it arrived, before parsing it.
    const body = Buffer.concat(chunks).toString("utf8");
    try {
      const event = webhook.verify(body, request.headers);
      console.log(request.headers["webhook-id"], event.type, event.data);
      response.writeHead(204).end();
    } catch {
      response.writeHead(400).end(); // wrong signature or too old: ignore it
    }
  });
}).listen(${port});
`;
}
