import type { FileHandle } from "node:fs/promises";

/** Read size: large enough for few system calls, small enough that memory stays flat for any file size. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Reads `length` bytes (or up to the end of the file) from `start` into one buffer, reused: each chunk
 * is valid only until the next one is asked for, so a consumer that keeps chunks (a stream) must copy
 * them. Memory stays at one chunk however large the file, without waiting for the garbage collector.
 */
export async function* readRange(handle: FileHandle, start: number, length: number): AsyncGenerator<Buffer> {
  const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, length));
  let position = start;
  let left = length;
  while (left > 0) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, left), position);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
    position += bytesRead;
    left -= bytesRead;
  }
}
