/** The contract's field rules: what they take, what they refuse, and that checking a value costs time linear in its length. */
import {
  EMAIL_PATTERN,
  FIELD_LIMITS,
  PHONE_CHARACTERS,
  contactSchema,
  emailSchema,
  imageTypeByFormat,
  imageTypeByMime,
  imageTypeByName,
  inquirySchema,
  phoneSchema,
  regNumberSchema,
  REG_NUMBER_PATTERN,
  IDEMPOTENCY_KEY_PATTERN,
  type InquiryRequest,
} from "../api/schemas";
import { isRetryable, retryAfterMs } from "../api/transport";
import { imageRef, newIdempotencyKey, sendInquiry } from "../quote/transport";

jest.mock("../config", () => jest.requireActual("./fixtures/api-config"));

const messages = { required: "påkrevd", format: "format" };
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

const refusedEmails = [
  ["", "påkrevd"],
  ["kari", "format"],
  ["kari@example", "format"],
  ["kari@example.n", "format"],
  ["kari@@example.no", "format"],
  ["ka ri@example.no", "format"],
  ["a@.example.no", "format"],
  [`${"a".repeat(250)}@example.no`, "format"],
  // each of these would name another mailbox, a display name or a group to a mail server
  ["victim@example.com,1", "format"],
  ["foo<victim@example.com>", "format"],
  ["victim@example.com.", "format"],
  ["kari@example.no;ola@example.no", "format"],
  ["kari:ola@example.no", "format"],
  ['"kari"@example.no', "format"],
  ["(kari)@example.no", "format"],
  ["[kari]@example.no", "format"],
  ["ka\\ri@example.no", "format"],
  ["kari@example.no@example.no", "format"],
];

/** Each field's rule: the values it takes, and those it refuses, each with the message the visitor sees. */
describe.each([
  {
    field: "e-mail",
    schema: emailSchema,
    takes: ["kari@example.no", "ola.nordmann+bil@post.mail.example", " kari@example.no "],
    refuses: refusedEmails,
  },
  {
    field: "registration number",
    schema: regNumberSchema,
    takes: ["EK 39085", "ek-39085", "ÆØÅ 1234", " CD 12345 ", "KJØRETØY1"],
    refuses: [
      ["", "påkrevd"],
      ["   ", "påkrevd"],
      ["X\nSE: HTTPS://EV.IL", "format"],
      ["EK.39085", "format"],
      ["EK_39085", "format"],
      ["<b>EK</b>", "format"],
      ["A".repeat(21), "format"],
    ],
  },
  {
    field: "phone",
    schema: phoneSchema,
    takes: ["+47 912 34 567", "91234567", "(+47) 912-34-567"],
    refuses: [
      ["", "påkrevd"],
      ["1234567", "format"],
      ["9123456a", "format"],
      ["9".repeat(41), "format"],
    ],
  },
])("$field", ({ schema, takes, refuses }) => {
  test.each(takes)("takes %p", (value) => {
    expect(schema(messages).safeParse(value).success).toBe(true);
  });
  test.each(refuses)("refuses %p", (value, message) => {
    expect(firstMessage(schema(messages).safeParse(value))).toBe(message);
  });
});

// the e-mail's checks stop at the first that fails: never two messages for one field
test.each(refusedEmails)("e-mail refuses %p with one message", (value) => {
  expect(emailSchema(messages).safeParse(value).error!.issues).toHaveLength(1);
});

describe("the patterns cannot backtrack", () => {
  // A quantified group, or a quantifier on a class followed by another quantifier on a class that
  // can match the same character, is where backtracking grows faster than the input. These patterns
  // have neither: no group at all, and each repeated class stops at a character the next one needs.
  test.each([EMAIL_PATTERN, PHONE_CHARACTERS, REG_NUMBER_PATTERN])("%p has no group", (pattern) => {
    const outsideClasses = pattern.source.replace(/\[(?:\\.|[^\]])*\]/g, "");
    expect(outsideClasses).not.toContain("(");
  });

  test("a value over the limit never reaches the pattern", () => {
    const spy = jest.spyOn(RegExp.prototype, "test");
    const exec = jest.spyOn(RegExp.prototype, "exec");
    emailSchema().safeParse(`a@${".".repeat(60_000)}@`);
    expect(exec.mock.contexts.concat(spy.mock.contexts).filter((re) => re === EMAIL_PATTERN)).toEqual([]);
    spy.mockRestore();
    exec.mockRestore();
  });

  test("the field limits are the ones the forms set", () => {
    expect(FIELD_LIMITS).toMatchObject({ email: 254, phone: 40, message: 5000, regNumber: 20 });
  });
});

describe("inquiry and contact", () => {
  const body = inquiryNaming;
  const schema = inquirySchema();

  test("every string has a cap", () => {
    expect(schema.safeParse(body("https://admin.example/a.jpg", "x".repeat(200_000))).success).toBe(false);
    expect(
      contactSchema.safeParse({ email: "kari@example.no", phone: "91234567", message: "x".repeat(5001) }).success,
    ).toBe(false);
  });

  test("the registration number is the form's rule, in capitals", () => {
    const withReg = (RegNumber: string) => {
      const inquiry = body("https://admin.example/a.jpg");
      return { ...inquiry, Inquiry: { ...inquiry.Inquiry, RegNumber } };
    };
    expect(schema.safeParse(withReg("ÆØ 12345")).success).toBe(true);
    expect(schema.safeParse(withReg("EK-39085")).success).toBe(true);
    expect(schema.safeParse(withReg("ek 39085")).success).toBe(false);
    const header = schema.safeParse(withReg("X\nSE: HTTPS://EV.IL"));
    expect(header.error?.issues[0]?.message).toMatch(/bare ha bokstaver, sifre, mellomrom og bindestrek/);
  });
});

describe("image types: one table", () => {
  test("by MIME type, by name and by sharp's format name", () => {
    expect(imageTypeByMime("image/JPEG")?.extensions[0]).toBe(".jpg");
    expect(imageTypeByName("Bilde 1.JPEG")?.mime).toBe("image/jpeg");
    expect(imageTypeByName("IMG_0001.HEIC")?.mime).toBe("image/heic");
    expect(imageTypeByName("tegning.svg")).toBeUndefined();
    expect(imageTypeByFormat("avif")?.mime).toBe("image/avif");
    expect(imageTypeByMime("image/svg+xml")).toBeUndefined();
  });
});

describe("Retry-After", () => {
  test("seconds or a date, capped at a minute; nothing for nonsense", () => {
    expect(retryAfterMs("5")).toBe(5000);
    expect(retryAfterMs("3600")).toBe(60_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe("the inquiry's idempotency key", () => {
  const body = inquiryNaming("https://admin.example/api/media/file/img_a.jpg");
  /** A fetch that answers 201 and keeps each call's headers. */
  function recording() {
    const calls: { url: string; headers: Headers; body: string }[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), headers: new Headers(init?.headers), body: String(init?.body) });
      return new Response("{}", { status: 201 });
    }) as typeof globalThis.fetch;
    return { calls, fetch };
  }

  test("goes as the Idempotency-Key header, the body as it was; without a key there is no header", async () => {
    const { calls, fetch } = recording();
    await sendInquiry(body, fetch, undefined, "3f1c2a9e-0b7d-4c55-9a1e-6f2d8c4b7a10");
    await sendInquiry(body, fetch);
    expect(calls.map((c) => c.url)).toEqual(["https://api.example/inquiry", "https://api.example/inquiry"]);
    expect(calls[0]!.headers.get("Idempotency-Key")).toBe("3f1c2a9e-0b7d-4c55-9a1e-6f2d8c4b7a10");
    expect(calls[0]!.headers.get("Content-Type")).toBe("application/json");
    expect(calls[1]!.headers.has("Idempotency-Key")).toBe(false);
    expect(JSON.parse(calls[0]!.body)).toEqual(body);
    expect(calls[1]!.body).toBe(calls[0]!.body);
  });

  test("a new key is a UUID where randomUUID exists, else random hex; each matches the pattern and differs", () => {
    const uuid = newIdempotencyKey();
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const noUuid = { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) };
    const hex = newIdempotencyKey(noUuid);
    expect(hex).toMatch(/^[0-9a-f]{32}$/);
    const noCrypto = newIdempotencyKey({});
    expect(noCrypto).toMatch(/^[0-9a-z]+-[0-9a-f]{32}$/);
    for (const key of [uuid, hex, noCrypto]) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(new Set([uuid, newIdempotencyKey(), hex, newIdempotencyKey(noUuid), noCrypto]).size).toBe(5);
  });
});

describe("an uploaded photo as the inquiry names it: whatever url the admin host answered", () => {
  const doc = (url: string) => ({ filename: "img_a.jpg", url });

  test.each([
    ["Payload's default path", "/api/media/file/img_a.jpg", "https://admin.example/api/media/file/img_a.jpg"],
    ["another path", "/media/img_a.jpg", "https://admin.example/media/img_a.jpg"],
    ["a path without a leading slash", "media/img_a.jpg", "https://admin.example/media/img_a.jpg"],
    ["absolute on the admin host", "https://admin.example/media/img_a.jpg", "https://admin.example/media/img_a.jpg"],
    ["absolute elsewhere", "https://cdn.example/bucket/img_a.jpg", "https://cdn.example/bucket/img_a.jpg"],
    ["without its scheme", "//cdn.example/img_a.jpg", "https://cdn.example/img_a.jpg"],
    [
      "on plain http",
      "http://localhost:3001/api/media/file/img_a.jpg",
      "http://localhost:3001/api/media/file/img_a.jpg",
    ],
  ])("%s: %s", (_, answered, named) => {
    expect(imageRef(doc(answered))).toEqual({ filename: "img_a.jpg", url: named });
  });

  test("a relative url is prefixed with the admin host as configured, its path too", () => {
    expect(imageRef(doc("/api/media/file/img_a.jpg"), "https://example.no/cms")).toEqual(
      doc("https://example.no/cms/api/media/file/img_a.jpg"),
    );
  });

  test.each([
    "javascript:alert(1)",
    "data:image/jpeg;base64,AA",
    "ftp://admin.example/a.jpg",
    "https://u:p@cdn.example/a.jpg",
  ])("%s is an answer the upload cannot use: a 502, tried again like a failed upload", (answered) => {
    expect(() => imageRef(doc(answered))).toThrow(expect.objectContaining({ status: 502 }));
    expect(isRetryable(catchError(() => imageRef(doc(answered))))).toBe(true);
  });

  test("the browser sends any http(s) url the admin host answered (the plugin checks it names a stored photo)", () => {
    const inquiry = inquiryNaming;
    for (const url of ["https://cdn.example/media/img_a.jpg", "https://admin.example/media/img_a.jpg"]) {
      expect(inquirySchema().safeParse(inquiry(url)).success).toBe(true);
    }
    for (const url of [
      "/media/img_a.jpg",
      "javascript:alert(1)",
      `https://cdn.example/${"a".repeat(FIELD_LIMITS.url)}`,
    ]) {
      expect(inquirySchema().safeParse(inquiry(url)).success).toBe(false);
    }
  });
});

/** An inquiry whose one photo is `img_a.jpg` at `url`, from `userId`. */
function inquiryNaming(url: string, userId = "nettside-anonym"): InquiryRequest {
  return {
    Inquiry: {
      UserId: userId,
      RegNumber: "AB12345",
      PhoneNumber: "+47 912 34 567",
      Email: "kari@example.no",
      Message: "",
      State: "NEW",
    },
    damageRequests: [{ Images: [{ filename: "img_a.jpg", url }] }],
  };
}

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("it did not throw");
}
