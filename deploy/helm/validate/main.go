// Command kube-validate checks rendered Kubernetes manifests offline, as the API server would
// decode them: each YAML document is decoded strictly (case-sensitive field names, no unknown
// or duplicate field, the right type for every value) into its Go type from k8s.io/api (or the
// Prometheus operator's monitoring/v1), every required field must be present, and the rules the
// API server applies to names, labels, pod templates and a few specs must hold.
//
//	helm template … | kube-validate          (or: kube-validate FILE…)
//
// It prints each problem with the document's kind, name and Helm source, and exits 1 if there
// is any; it never needs a cluster.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
)

// document is one YAML document of a stream, with where it came from.
type document struct {
	source string // `# Source:` comment Helm writes above each document, else the file and index
	data   []byte
}

var helmSource = regexp.MustCompile(`(?m)^# Source: (.+)$`)

func readDocuments(name string, r io.Reader) ([]document, error) {
	reader := utilyaml.NewYAMLReader(bufio.NewReader(r))
	var documents []document
	for index := 0; ; index++ {
		data, err := reader.Read()
		if errors.Is(err, io.EOF) {
			return documents, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if isBlank(data) {
			continue
		}
		source := fmt.Sprintf("%s, document %d", name, index+1)
		if match := helmSource.FindSubmatch(data); match != nil {
			source = string(match[1])
		}
		documents = append(documents, document{source: source, data: data})
	}
}

// isBlank: only comments and white space, as Helm leaves for a template that rendered nothing.
func isBlank(data []byte) bool {
	for _, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) > 0 && line[0] != '#' {
			return false
		}
	}
	return true
}

func main() {
	var documents []document
	inputs := os.Args[1:]
	if len(inputs) == 0 {
		read, err := readDocuments("stdin", os.Stdin)
		if err != nil {
			fatal(err)
		}
		documents = read
	}
	for _, path := range inputs {
		file, err := os.Open(path)
		if err != nil {
			fatal(err)
		}
		read, err := readDocuments(path, file)
		file.Close()
		if err != nil {
			fatal(err)
		}
		documents = append(documents, read...)
	}
	if len(documents) == 0 {
		fatal(errors.New("no Kubernetes object in the input"))
	}
	failed := 0
	for _, doc := range documents {
		identity, problems := validate(doc.data)
		for _, problem := range problems {
			fmt.Fprintf(os.Stderr, "%s (%s): %s\n", identity, doc.source, problem)
		}
		if len(problems) > 0 {
			failed++
		}
	}
	if failed > 0 {
		fmt.Fprintf(os.Stderr, "%d of %d objects are invalid\n", failed, len(documents))
		os.Exit(1)
	}
	fmt.Printf("%d objects valid\n", len(documents))
}

func fatal(err error) {
	fmt.Fprintf(os.Stderr, "kube-validate: %v\n", err)
	os.Exit(2)
}
