import MoonshotCLI

// Everything moonshot does is in MoonshotCLI, where tests can run it in-process.
CommandLineProgram.run(CommandLine.arguments)
