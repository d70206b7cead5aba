export default function Page() {
  return <h1>harpta</h1>;
}
