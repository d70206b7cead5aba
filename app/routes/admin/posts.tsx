export default function Page() {
  return <h1>posts</h1>;
}
