// Preloaded into a server by a benchmark (`node --import ./bench/event-loop-delay.mjs …`): measures the
// event loop's delay with perf_hooks' histogram and, on SIGUSR2, writes what it saw since the last
// signal to PORTAL_LOOP_DELAY_FILE as JSON (milliseconds) and starts again.
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.PORTAL_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on("SIGUSR2", () => {
    const ms = (ns) => Number((ns / 1e6).toFixed(2));
    writeFileSync(
      file,
      JSON.stringify({ mean: ms(histogram.mean), p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count }),
    );
    histogram.reset();
  });
}
