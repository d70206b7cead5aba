// Placeholder while issue 3 is built; replaced before it lands.
export function loader() {
  return new Response("Not Found", { status: 404 });
}
