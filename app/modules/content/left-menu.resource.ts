import { menuItemsResource } from "./menu-items.resource";
import { HEADER_MENUS } from "./menus";

/** /admin/left-menu-settings (SPEC admin menu): the header's mega menus (Buyers, Sellers, Quick facts). */
export default menuItemsResource({
  title: "Header menus",
  description:
    "The links in the header's Buyers, Sellers and Quick facts menus, in the order shown there. An item under another one is listed below it in the menu. A change shows on the public pages at once.",
  menus: HEADER_MENUS,
});
