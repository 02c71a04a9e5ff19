// A note's shape, checked wherever one comes from outside the core's own
// hands: a window's draft or edit, a session event read back, an imported
// file (later). One schema, so a note read back is a note that could be made.
import { z } from "zod";
import type { Note } from "../../contract/notes";
import { NOTE_COLOURS, NOTE_TAG_MAX, NOTE_TAGS_MAX, NOTE_TEXT_MAX } from "../../shared/notes";

const time = z.number({ error: "is not a time." }).refine(Number.isFinite, "is not a time.");

export const noteTextSchema = z
  .string()
  .trim()
  .min(1, "A note needs some text.")
  .max(NOTE_TEXT_MAX, `A note is at most ${NOTE_TEXT_MAX} characters.`);

export const noteTagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, "A tag needs some text.")
      .max(NOTE_TAG_MAX, `A tag is at most ${NOTE_TAG_MAX} characters.`),
  )
  .max(NOTE_TAGS_MAX, `A note has at most ${NOTE_TAGS_MAX} tags.`)
  .transform((tags) => [...new Set(tags)]);

export const noteSchema: z.ZodType<Note> = z.object({
  id: z.string().min(1).max(64),
  from: time,
  to: time.nullable(),
  text: noteTextSchema,
  tags: noteTagsSchema,
  colour: z.enum(NOTE_COLOURS, { error: `is one of ${NOTE_COLOURS.join(", ")}.` }),
  window: z.string().max(64),
  editedAt: time,
});

/** The session event a note's every version is recorded as; `deleted` marks its deletion. */
export const NOTE_KIND = "note";
export const noteEventSchema = z.object({ note: noteSchema, deleted: z.boolean().optional() });
export type NoteEventFields = z.infer<typeof noteEventSchema>;
