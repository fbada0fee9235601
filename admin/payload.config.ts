/** The workshop's Payload app (./config.ts) with the settings of this process's environment (./settings.ts). */
import { workshopConfig } from "./config";
import { readSettings } from "./settings";

export default workshopConfig(readSettings());
