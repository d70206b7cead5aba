// Placeholder while issue 3 is built; replaced before it lands.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function Page() {
  return null;
}
