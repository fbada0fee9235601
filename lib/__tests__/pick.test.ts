import { pick } from "../pick";

describe("pick", () => {
  test("keeps the named keys and nothing else", () => {
    const texts = { heading: "Samtykke", accept: "Godta", settings: "Innstillinger" };
    expect(pick(texts, ["heading", "accept"])).toEqual({ heading: "Samtykke", accept: "Godta" });
  });
});
