// Unit tests (every `__tests__/` folder: app/, lib/, payload/, server/, tools/) and component and hook tests (components/, in jsdom by a docblock). next/jest compiles TypeScript with Next's own SWC.
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

export default createJestConfig({
  testEnvironment: "node",
  testMatch: ["<rootDir>/**/__tests__/**/*.test.ts?(x)"],
  testPathIgnorePatterns: ["/node_modules/", "/e2e/", "/.next/", "/out/", "<rootDir>/dist/"],
  // the admin's built server (npm run admin:build) holds copies of packages the tests import
  modulePathIgnorePatterns: ["<rootDir>/dist/"],
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  // the browser's IndexedDB, structuredClone and matchMedia, for every test file
  setupFiles: ["<rootDir>/jest.setup.ts"],
});
