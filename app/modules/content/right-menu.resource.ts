import { menuItemsResource } from "./menu-items.resource";
import { FOOTER_MENUS } from "./menus";

/** /admin/right-menu-settings (SPEC admin menu): the footer's link groups. */
export default menuItemsResource({
  title: "Footer menus",
  description:
    "The links in the footer's groups (Buying, Selling, Rental, Company, Accreditations), in the order shown there. An item under another one is listed below it. A change shows on the public pages at once.",
  menus: FOOTER_MENUS,
});
