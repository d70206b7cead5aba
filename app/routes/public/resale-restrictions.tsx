export default function Page() {
  return <h1>resale-restrictions</h1>;
}
