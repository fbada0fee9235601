/**
 * The bench measures the site as the preview server serves it: built and served
 * with no configured host or key, whatever the machine's environment or `.env`
 * files say. Imported first by scripts/bench.ts, before anything reads the
 * configuration.
 */
import { NO_HOSTS_ENV } from "../../lib/hosting/test-build";

Object.assign(process.env, NO_HOSTS_ENV);
