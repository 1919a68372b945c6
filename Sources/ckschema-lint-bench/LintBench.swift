@main enum LintBench { static func main() {} }
