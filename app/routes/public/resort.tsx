export default function Page() {
  return <h1>resort</h1>;
}
