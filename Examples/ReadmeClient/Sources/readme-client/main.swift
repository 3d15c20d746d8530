import Foundation

// Runs the documentation's examples that are marked to run (the generated `runMarkedExamples`); building this target
// compiled all of them.
do {
    try runMarkedExamples()
} catch {
    print("readme-client: \(error)")
    exit(1)
}
