import { renderMarkdown } from "../markdown";

test("raw HTML in content is shown as text, never run", () => {
  const html = renderMarkdown('Hei <script>alert("x")</script> og <img src=x onerror=alert(1)>');
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("<img");
  expect(html).toContain("&lt;script&gt;");
});

test("headings, lists and links render", () => {
  const html = renderMarkdown("## Slik gjør vi det\n\n- Vask\n- Polering\n\n[Få et pristilbud](/pristilbud)");
  expect(html).toContain("<h2>Slik gjør vi det</h2>");
  expect(html).toContain("<li>Polering</li>");
  expect(html).toContain('<a href="/pristilbud">Få et pristilbud</a>');
});

test("external links open safely in a new tab; internal ones do not", () => {
  const html = renderMarkdown("[Datatilsynet](https://www.datatilsynet.no) og [oss](/om-oss)");
  expect(html).toContain('<a href="https://www.datatilsynet.no" target="_blank" rel="noopener noreferrer">');
  expect(html).toContain('<a href="/om-oss">');
});

test("javascript: links are not rendered as links", () => {
  expect(renderMarkdown("[klikk](javascript:alert(1))")).not.toContain('href="javascript:');
});

test("Norwegian quotation marks", () => {
  expect(renderMarkdown('Han sa "hei"')).toContain("«hei»");
});
