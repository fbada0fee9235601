/**
 * The real Google Maps loader behind the `MapsLoader` interface. Imported
 * dynamically by the map component (never statically), so
 * @googlemaps/js-api-loader stays out of every page's first-load JavaScript.
 */
import { importLibrary, setOptions } from "@googlemaps/js-api-loader";
import type { MapsLoader } from "./loader";

export const googleMapsLoader: MapsLoader = {
  setOptions,
  importLibrary: importLibrary as MapsLoader["importLibrary"],
};
