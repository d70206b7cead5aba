export default function Page() {
  return <h1>index</h1>;
}
