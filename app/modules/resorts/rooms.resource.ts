import { eq } from "drizzle-orm";
import { z } from "zod";
import { resortRooms, resorts, rooms } from "~/db/schema";
import { idList, int, text } from "~/lib/fields";
import { slugOf } from "~/lib/slug";
import { defineResource, type JoinTable, type Relation, relationNames } from "~/modules/admin/resource";

/** The resorts a room type may be linked to (not the interval-resorts entry: it has no point chart here). */
const RESORTS: Relation = {
  table: resorts,
  value: resorts.id,
  label: resorts.name,
  where: () => eq(resorts.isInterval, false),
};
const RESORT_ROOMS: JoinTable = { table: resortRooms, from: resortRooms.roomId, to: resortRooms.resortId };

export const RoomSchema = z.object({
  name: text({
    label: "The name",
    min: 2,
    max: 60,
    required: "Enter the room type's name.",
    tooShort: "Enter the room type's name (at least 2 characters).",
    tooLong: "The name is at most 60 characters.",
  }),
  sleeps: int({ min: 1, max: 20, message: "Enter how many guests it sleeps, a whole number from 1 to 20." }),
  resortIds: idList("Choose the resorts from the list.", 50),
});

/**
 * /admin/vacation-point-calculator/rooms (SPEC admin menu, "vacation point calculator admin: rooms"): the room types
 * of the point charts (DOMAIN.md: studio, one- and two-bedroom villas, grand villas, bungalows, cabins, treehouses),
 * how many each sleeps, and which resorts have each (the many-to-many `resort_rooms`, decision 0068).
 */
export default defineResource({
  noun: "room type",
  title: "Room types",
  description:
    "The room types of the point charts, how many guests each sleeps, and the resorts whose point charts have each room type.",
  caption: "Room types and the resorts that have them",
  searchLabel: "Search room types or resorts",
  emptyText: "No room types yet.",
  table: rooms,
  id: rooms.id,
  operations: ["create", "update", "delete", "order", "export"],
  schema: RoomSchema,
  orderColumn: rooms.sortOrder,
  columns: [
    {
      key: "name",
      label: "Room type",
      value: rooms.name,
      primary: true,
      searchable: true,
      sortable: true,
      priority: 1,
    },
    { key: "sleeps", label: "Sleeps", value: rooms.sleeps, format: "number", sortable: true, priority: 2 },
    {
      key: "resorts",
      label: "Resorts that have it",
      value: relationNames(rooms.id, RESORTS, RESORT_ROOMS),
      searchable: true,
      wrap: true,
      priority: 1,
    },
    { key: "position", label: "Order", value: rooms.sortOrder, sortable: true, hidden: true },
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", help: "As the point charts name it, like “Deluxe Studio”." },
    { name: "sleeps", label: "Sleeps", kind: "number", help: "The most guests the room sleeps." },
    {
      name: "resortIds",
      label: "Resorts that have this room",
      kind: "relations",
      relation: RESORTS,
      through: RESORT_ROOMS,
      help: "Tick every resort whose point chart has this room type.",
    },
  ],
  defaultSort: { key: "position", dir: "asc" },
  titleOf: (row) => String(row.name),
  // The slug follows the name (unique like it; "Deluxe Studio" -> "deluxe-studio").
  prepare: (cols) => (typeof cols.name === "string" ? { ...cols, slug: slugOf(cols.name, "room") } : cols),
});
