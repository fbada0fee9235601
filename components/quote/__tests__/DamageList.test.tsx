/** @jest-environment jsdom */
/**
 * The damages' photos as a keyboard and screen-reader user meets their notes:
 * `Ta nytt bilde` keeps the keyboard on the photo's place, and a new note is
 * read alone, not with every note before it.
 */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState, useSyncExternalStore } from "react";
import { getStrings } from "@/lib/content";
import type { PhotoWork } from "@/lib/photos/photo-work/types";
import { QuotePhotos } from "@/lib/photos/photos";
import { DamageList, type DamageListProps } from "../DamageList";

jest.mock("@/lib/config", () => ({
  config: { siteUrl: "", apiUrl: "", adminUrl: "", googleMapsApiKey: "", gtmId: "" },
}));

const strings = getStrings().quoteForm;
const photo = (name: string) => new File([new Uint8Array(9)], name, { type: "image/jpeg" });
/** Photo work whose check calls every photo named `uklar…` blurred. */
const work: PhotoWork = {
  async prepare(file, options = {}) {
    options.onPreview?.("data:image/jpeg;base64,AA==");
    const blurred = (file as File).name.startsWith("uklar");
    options.onCheck?.({ sharpness: blurred ? 0.1 : 2, brightness: 200, verdict: blurred ? "blurred" : "ok" });
    return { blob: new Blob([new Uint8Array(4)], { type: "image/jpeg" }), width: 1, height: 1 };
  },
};
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

function Damages({ photos }: { photos: QuotePhotos }) {
  const damages = useSyncExternalStore(photos.subscribe, photos.getSnapshot);
  const [actions] = useState(() => ({
    addPhotos: (damage: string, files: File[]) => photos.add(damage, files),
    replacePhoto: (key: string, file: File) => photos.replace(key, file),
    keepPhoto: (key: string) => photos.keep(key),
    removePhoto: (key: string) => photos.remove(key),
  }));
  return (
    <DamageList
      {...{ damages, strings }}
      actions={actions as DamageListProps["actions"]}
      problem={undefined}
      expanded={() => true}
      registerPicker={() => () => {}}
      addButtonRef={{ current: null }}
      headingLevel={2}
      ready
    />
  );
}

async function twoBlurredPhotos() {
  const photos = new QuotePhotos({ loadWork: async () => work, createUrl: () => "blob:x", revokeUrl: () => {} });
  render(<Damages photos={photos} />);
  act(() => void photos.add(photos.getSnapshot()[0]!.id, [photo("uklar-1.jpg"), photo("uklar-2.jpg")]));
  await settle();
  return photos;
}

test("Ta nytt bilde: the new photo takes the old one's place, and the keyboard rests on it", async () => {
  const photos = await twoBlurredPhotos();
  const retake = screen.getAllByRole("button", { name: strings.photoCheck.retake })[0]!;
  retake.focus();
  const picker = retake.parentElement!.querySelector<HTMLInputElement>("input[type=file]")!;
  fireEvent.change(picker, { target: { files: [photo("skarp.jpg")] } });
  await settle();
  expect(photos.getSnapshot()[0]!.photos.map((p) => p.name)).toEqual(["skarp.jpg", "uklar-2.jpg"]);
  expect(document.activeElement).toBe(screen.getByAltText("skarp.jpg"));
});

test("Ta nytt bilde with a file that is not an image: the photo stays, the note says why, the keyboard rests on it", async () => {
  const photos = await twoBlurredPhotos();
  const retake = screen.getAllByRole("button", { name: strings.photoCheck.retake })[0]!;
  retake.focus();
  const picker = retake.parentElement!.querySelector<HTMLInputElement>("input[type=file]")!;
  fireEvent.change(picker, { target: { files: [new File(["%PDF"], "skade.pdf", { type: "application/pdf" })] } });
  await settle();
  expect(photos.getSnapshot()[0]!.photos.map((p) => p.name)).toEqual(["uklar-1.jpg", "uklar-2.jpg"]);
  expect(screen.getByText(strings.labels.notAnImage.replace("{name}", "skade.pdf"))).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByAltText("uklar-1.jpg"));
});

test("the notes' region reads a new note alone, not again with the ones before it", async () => {
  await twoBlurredPhotos();
  const region = screen
    .getAllByRole("status")
    .find((status) => status.textContent?.includes(`uklar-2.jpg: ${strings.photoCheck.blurred}`))!;
  expect(region.textContent).toContain(`uklar-1.jpg: ${strings.photoCheck.blurred}`);
  expect(region.getAttribute("aria-atomic")).toBe("false");
});

test("Behold: the note goes, the photo stays, and the keyboard rests on the photo, not on its Fjern bilde", async () => {
  const photos = await twoBlurredPhotos();
  fireEvent.click(screen.getAllByRole("button", { name: strings.photoCheck.keep })[0]!);
  await settle();
  expect(photos.getSnapshot()[0]!.photos.map((p) => [p.name, p.note])).toEqual([
    ["uklar-1.jpg", undefined],
    ["uklar-2.jpg", "blurred"],
  ]);
  expect(document.activeElement).toBe(screen.getByAltText("uklar-1.jpg"));
});
