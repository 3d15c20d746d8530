import Foundation

// voicerec: the package's command-line face. Exit status 0 on success, 1 on failure, 2 on bad usage;
// results on stdout, errors on stderr.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(Commands.run(arguments))
