<?xml version="1.0"?>
<tileset name="c84"><tileset/><tileset firstgid="9" source="c85.tsx"/></tileset>
