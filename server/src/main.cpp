// Placeholder until the CLI lands; replaced by the real entry point.
int main() { return 0; }
