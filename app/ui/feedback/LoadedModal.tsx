// Mantine's Modal as a module of its own, for `Dialog` to load on the first opening.
export { Modal as default } from "@mantine/core";
