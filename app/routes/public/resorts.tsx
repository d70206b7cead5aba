export default function Page() {
  return <h1>resorts</h1>;
}
