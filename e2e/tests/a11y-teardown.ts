import { mergePartials } from "./a11y-support";

/** After the run: the accessibility checks of both workers into e2e/artifacts/axe-summary.json. */
export default function teardown(): void {
  mergePartials();
}
