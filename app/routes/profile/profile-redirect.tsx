export default function Page() {
  return <h1>profile-redirect</h1>;
}
